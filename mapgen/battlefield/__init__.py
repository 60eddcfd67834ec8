"""Battlefield layouts for the square where two forces made contact (FW-10.5, FW-11, FW-21, FW-23)."""
