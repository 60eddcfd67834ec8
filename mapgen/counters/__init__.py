"""Printable counter sheets: exact sizes, mirrored backs, cut lines."""
