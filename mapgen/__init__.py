"""mapgen: rule-faithful, reproducible, print-ready maps for tabletop wargame campaigns."""

__version__ = "0.1.0"

# Before any module of ours declares a dataclass: their compiled methods are kept between processes.
from . import dataclass_code  # noqa: E402

dataclass_code.install()
