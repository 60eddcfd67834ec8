"""Drawing: SVG documents in millimetres, PDF at true scale, paper and tiling.

Renderers read a result object and draw it; they never decide a game fact.
"""

import importlib.util
import sys


def _defer_pil_image() -> None:
    """Load Pillow's ``PIL.Image`` only when something uses it.

    reportlab imports it as it starts, for the raster images a PDF may embed;
    mapgen's PDFs hold none, and the import was about 7 ms (an eighth of a bare
    ``import numpy``) of every command that writes a PDF, ``mapgen new`` before
    its fork.  The standard library's :class:`importlib.util.LazyLoader` puts the
    module in place unloaded: the first use of one of its names loads it whole,
    so anything that does draw a picture gets the real module.
    """
    if "PIL.Image" in sys.modules or "reportlab" in sys.modules:
        return
    try:
        spec = importlib.util.find_spec("PIL.Image")
    except ImportError:  # no Pillow: reportlab says so itself, as before
        return
    if spec is None or spec.loader is None:
        return
    spec.loader = importlib.util.LazyLoader(spec.loader)
    module = importlib.util.module_from_spec(spec)
    sys.modules["PIL.Image"] = module
    spec.loader.exec_module(module)
    # On the package too, as an import would put it: ``from PIL import Image`` then takes it as it is, where
    # looking it up again would read its ``__spec__`` and load it (Python 3.11's lazy modules load on any name).
    sys.modules["PIL"].Image = module


_defer_pil_image()
