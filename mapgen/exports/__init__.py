"""Exports to the tools players already use: Universal VTT battlefields, VASSAL modules, GeoJSON maps.

One module per format; each builds its files from the maps' and battlefields'
own data (never by reading back an SVG), so an export says exactly what the
map says.
"""
