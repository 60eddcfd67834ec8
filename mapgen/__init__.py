"""mapgen: rule-faithful, reproducible, print-ready maps for tabletop wargame campaigns."""

__version__ = "0.1.0"
