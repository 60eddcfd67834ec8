"""The Fantasy Warriors campaign map: a pipeline of small stages over plain data."""
