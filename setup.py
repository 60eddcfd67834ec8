"""Only what pyproject.toml cannot say: every package under mapgen/ found, and templates/ installed as mapgen.templates."""

from setuptools import find_packages, setup

setup(
    packages=[*find_packages(include=["mapgen", "mapgen.*"]), "mapgen.templates"],
    package_dir={"mapgen.templates": "templates"},
)
