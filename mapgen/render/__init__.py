"""Drawing: SVG documents in millimetres, PDF at true scale, paper and tiling.

Renderers read a result object and draw it; they never decide a game fact.
"""
