"""The scale a battlefield plan is drawn at: the largest standard scale that fits one sheet.

Players print the plan at home and lay it beside the table: one sheet beats tiles
taped together, and a standard scale keeps the sums easy (1 cm = 12 cm on the table).
A small table is not left in a corner of its sheet: 1:8 and 1:5 come before 1:10,
so a table that filled 40 % of its sheet at 1:10 is drawn at the next larger scale
that fits (issue 25).
The whole drawing must fit (table, rulers, legend and title), on the paper as given
or turned, when the paper's orientation was not named.  A scale the user gives
(``--scale 1:N``) is kept whatever it takes, tiled if need be.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..paper import Paper, pdf_page_count

#: The standard plan scales (1:N), largest drawing first; the last one is used, tiled, when none fits.
PLAN_SCALES = (5, 8, 10, 12, 15, 20)


@dataclass(frozen=True)
class PlanScale:
    scale: float  # 1:scale
    paper: Paper  # the sheet the plan is printed on (turned, when that fits a larger scale)
    pages: int  # of its PDF: 1, or an index and the tiles
    chosen: bool  # False when the user gave the scale

    def note(self) -> str:
        """How the scale was decided, for the run's notes."""
        if not self.chosen:
            return f"plan at 1:{self.scale:g}"
        if self.pages == 1:
            return f"plan at 1:{self.scale:g}, the largest of {_names()} that fits one sheet"
        return (
            f"plan at 1:{self.scale:g}, tiled: no standard scale ({_names()}) fits one sheet of "
            f"{self.paper.name}; bigger paper or a smaller scale (--scale 1:N) would"
        )


def _names() -> str:
    return ", ".join(f"1:{s}" for s in PLAN_SCALES)


def choose_plan_scale(b, paper: Paper, scale: float | None = None) -> PlanScale:
    """The plan's scale and sheet: ``scale`` when given, else the largest of :data:`PLAN_SCALES` that fits one page.

    Of two orientations that fit the same scale, the paper's own comes first.
    """
    from .battlefield import plan_size_floor_mm, plan_size_mm  # here, so PLAN_SCALES is read without loading the renderer

    if scale is not None:
        return PlanScale(float(scale), paper, pdf_page_count(*plan_size_mm(b, scale), paper)[0], False)
    papers = (paper,) if paper.orientation_named else (paper, paper.turned())
    for n in PLAN_SCALES:
        if not any(pdf_page_count(*plan_size_floor_mm(b, n), p)[0] == 1 for p in papers):
            continue  # the table and one legend column alone overflow every sheet: no need to lay out the legend
        size = plan_size_mm(b, n)
        for p in papers:
            if pdf_page_count(*size, p)[0] == 1:
                return PlanScale(float(n), p, 1, True)
    size = plan_size_mm(b, PLAN_SCALES[-1])
    best = min(papers, key=lambda p: pdf_page_count(*size, p)[0])
    return PlanScale(float(PLAN_SCALES[-1]), best, pdf_page_count(*size, best)[0], True)
