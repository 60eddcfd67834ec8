"""Hatching cut away around boxes (mapgen.render.hatch): the geometry, and the same bits as before the speed-up.

The counters' textures are written into SVG and PDF files that must stay byte-identical
when the cutting gets faster, so the faster functions are compared bit for bit (sign of
zero included) with the plain Liang-Barsky clipping they replaced, kept here as the
reference, over many random textures, segments, holes and gaps.
"""

from __future__ import annotations

import math
import random

import pytest

from mapgen.render.hatch import hatch_cut_out, hatch_dots, hatch_dots_out, hatch_lines

KINDS = ("diagonal", "backdiagonal", "cross", "horizontal", "vertical", "grid")


# -- the reference: the code of main edc580c, before the speed-up ---------------------------------

def reference_cut_out(segments, holes, gap=0.0):
    grown = [(x0 - gap, y0 - gap, x1 + gap, y1 + gap) for x0, y0, x1, y1 in holes]
    out = []
    for seg in segments:
        inside = sorted(t for box in grown if (t := reference_clip(seg, box)) is not None)
        t0 = 0.0
        pieces = []
        for a, b in inside:
            if a > t0:
                pieces.append((t0, a))
            t0 = max(t0, b)
        if t0 < 1.0:
            pieces.append((t0, 1.0))
        x1, y1, x2, y2 = seg
        dx, dy = x2 - x1, y2 - y1
        length = math.hypot(dx, dy)
        out += [(x1 + a * dx, y1 + a * dy, x1 + b * dx, y1 + b * dy) for a, b in pieces if (b - a) * length > 1e-9]
    return out


def reference_dots_out(dots, holes, gap=0.0):
    def near(cx, cy, box):
        x0, y0, x1, y1 = box
        return math.hypot(max(x0 - cx, 0.0, cx - x1), max(y0 - cy, 0.0, cy - y1)) <= gap
    return [(cx, cy) for cx, cy in dots if not any(near(cx, cy, box) for box in holes)]


def reference_clip(seg, box):
    x1, y1, x2, y2 = seg
    bx0, by0, bx1, by1 = box
    t0, t1 = 0.0, 1.0
    for p, q in ((x1 - x2, x1 - bx0), (x2 - x1, bx1 - x1), (y1 - y2, y1 - by0), (y2 - y1, by1 - y1)):
        if p == 0:
            if q < 0:
                return None
            continue
        t = q / p
        if p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
    return (t0, t1) if t0 < t1 else None


def bits(points):
    """Every number as its exact bits, so that 0.0 and -0.0 or two neighbouring floats differ."""
    return [tuple(float(v).hex() for v in p) for p in points]


# -- random inputs, with many exact ties: ends on a hole's side, holes touching, gaps of zero ----

def coordinate(rng: random.Random, lo: float, hi: float) -> float:
    """Half the time on a coarse grid (so sides, ends and lattice lines coincide), else anywhere."""
    if rng.random() < 0.5:
        return round(rng.uniform(lo, hi) * 4) / 4
    return rng.uniform(lo, hi)


def random_holes(rng: random.Random, lo: float, hi: float) -> list[tuple[float, float, float, float]]:
    holes = []
    for _ in range(rng.choice((0, 1, 1, 2, 3, 5))):
        x0, y0 = coordinate(rng, lo, hi), coordinate(rng, lo, hi)
        w = rng.choice((0.0, coordinate(rng, 0.0, (hi - lo) / 2), hi - lo))
        h = rng.choice((0.0, coordinate(rng, 0.0, (hi - lo) / 2), hi - lo))
        holes.append((x0, y0, x0 + w, y0 + h))
    if holes and rng.random() < 0.2:
        holes.append(holes[0])  # the same box twice: equal stretches
    return holes


def random_gap(rng: random.Random) -> float:
    return rng.choice((0.0, 0.25, rng.uniform(0.0, 2.0)))


def random_texture(rng: random.Random):
    """A line texture over a random rectangle at a random spacing, as the counters and maps make them."""
    x, y = coordinate(rng, -20.0, 20.0), coordinate(rng, -20.0, 20.0)
    w, h = coordinate(rng, 0.5, 30.0), coordinate(rng, 0.5, 30.0)
    spacing = rng.choice((SIZE_16 * 0.16, coordinate(rng, 0.25, 5.0)))
    return hatch_lines(rng.choice(KINDS), x, y, w, h, spacing), (x, y, w, h, spacing)


SIZE_16 = 15.875  # a 5/8 inch counter, in mm


def random_segments(rng: random.Random) -> list[tuple[float, float, float, float]]:
    """Segments at any angle, either way round, some upright, flat or of no length at all."""
    segs = []
    for _ in range(rng.randint(0, 12)):
        x1, y1 = coordinate(rng, -10.0, 10.0), coordinate(rng, -10.0, 10.0)
        kind = rng.random()
        if kind < 0.15:
            segs.append((x1, y1, x1, coordinate(rng, -10.0, 10.0)))
        elif kind < 0.3:
            segs.append((x1, y1, coordinate(rng, -10.0, 10.0), y1))
        elif kind < 0.35:
            segs.append((x1, y1, x1, y1))
        else:
            angle, length = rng.uniform(0.0, 2 * math.pi), rng.uniform(0.0, 15.0)
            segs.append((x1, y1, x1 + length * math.cos(angle), y1 + length * math.sin(angle)))
    return segs


@pytest.mark.parametrize("seed", range(8))
def test_cutting_textures_gives_the_same_bits_as_before(seed):
    rng = random.Random(seed)
    for _ in range(400):
        segments, (x, y, w, h, _) = random_texture(rng)
        holes = random_holes(rng, min(x, y) - 2.0, max(x + w, y + h) + 2.0)
        gap = random_gap(rng)
        assert bits(hatch_cut_out(segments, holes, gap)) == bits(reference_cut_out(segments, holes, gap))


@pytest.mark.parametrize("seed", range(8))
def test_cutting_segments_at_any_angle_gives_the_same_bits_as_before(seed):
    rng = random.Random(100 + seed)
    for _ in range(400):
        segments, holes, gap = random_segments(rng), random_holes(rng, -12.0, 12.0), random_gap(rng)
        assert bits(hatch_cut_out(segments, holes, gap)) == bits(reference_cut_out(segments, holes, gap))


def test_holes_on_the_segments_own_ends_and_lines_give_the_same_bits_as_before():
    """Holes whose sides pass exactly through the segments' ends: the ties the quick rejection must get right."""
    rng = random.Random(7)
    for _ in range(2000):
        segments = random_segments(rng)
        if not segments:
            continue
        ends = [v for s in segments for v in s]
        holes = []
        for _ in range(rng.randint(1, 3)):
            xs = sorted(rng.sample(ends, 2))
            ys = sorted(rng.sample(ends, 2))
            holes.append((xs[0], ys[0], xs[1], ys[1]))
        gap = rng.choice((0.0, 0.0, 0.5))
        assert bits(hatch_cut_out(segments, holes, gap)) == bits(reference_cut_out(segments, holes, gap))


@pytest.mark.parametrize("seed", range(8))
def test_dots_kept_are_the_same_as_before(seed):
    rng = random.Random(200 + seed)
    for _ in range(400):
        x, y = coordinate(rng, -20.0, 20.0), coordinate(rng, -20.0, 20.0)
        w, h = coordinate(rng, 0.5, 30.0), coordinate(rng, 0.5, 30.0)
        spacing = rng.choice((SIZE_16 * 0.16, coordinate(rng, 0.25, 5.0)))
        dots = hatch_dots("dots", x, y, w, h, spacing, margin=rng.choice((0.0, spacing / 5)))
        if rng.random() < 0.3:  # and dots anywhere, some exactly on a hole's side or corner
            dots += [(coordinate(rng, x, x + w), coordinate(rng, y, y + h)) for _ in range(20)]
        holes = random_holes(rng, min(x, y) - 2.0, max(x + w, y + h) + 2.0)
        gap = random_gap(rng)
        assert bits(hatch_dots_out(dots, holes, gap)) == bits(reference_dots_out(dots, holes, gap))


def test_dots_on_a_hole_corner_at_exactly_the_gap_go():
    """A 3-4-5 triangle from the corner: distance exactly the gap goes, a hair more stays."""
    hole = (0.0, 0.0, 1.0, 1.0)
    dots = [(4.0, 5.0), (4.0, 5.000001), (-3.0, -4.0), (0.5, 6.0), (0.5, 6.5), (-5.0, 0.5), (0.5, 0.5)]
    assert hatch_dots_out(dots, [hole], 5.0) == [(4.0, 5.000001), (0.5, 6.5)]


# -- the geometry, from first principles -----------------------------------------------------------

def test_a_line_through_a_hole_is_cut_at_the_hole_grown_by_the_gap():
    assert hatch_cut_out([(0.0, 0.0, 10.0, 0.0)], [(4.0, -1.0, 6.0, 1.0)], 0.5) == [(0.0, 0.0, 3.5, 0.0), (6.5, 0.0, 10.0, 0.0)]


def test_a_line_run_backwards_is_cut_in_its_own_direction():
    assert hatch_cut_out([(10.0, 0.0, 0.0, 0.0)], [(4.0, -1.0, 6.0, 1.0)]) == [(10.0, 0.0, 6.0, 0.0), (4.0, 0.0, 0.0, 0.0)]


def test_a_diagonal_is_cut_where_it_crosses_the_hole_sides():
    """The line y = x from (0, 0) to (8, 8) through the box 2..4 x 3..6 is inside for x from 3 to 4."""
    assert hatch_cut_out([(0.0, 0.0, 8.0, 8.0)], [(2.0, 3.0, 4.0, 6.0)]) == [(0.0, 0.0, 3.0, 3.0), (4.0, 4.0, 8.0, 8.0)]


def test_overlapping_holes_cut_once_and_a_line_beside_them_is_whole():
    holes = [(2.0, -1.0, 5.0, 1.0), (4.0, -1.0, 7.0, 1.0), (9.0, -1.0, 12.0, 1.0)]
    assert hatch_cut_out([(0.0, 0.0, 10.0, 0.0), (0.0, 3.0, 10.0, 3.0)], holes) == [
        (0.0, 0.0, 2.0, 0.0), (7.0, 0.0, 9.0, 0.0), (0.0, 3.0, 10.0, 3.0)]


def test_a_line_wholly_inside_a_hole_goes():
    assert hatch_cut_out([(1.0, 1.0, 2.0, 2.0), (1.0, 1.0, 1.0, 2.0)], [(0.0, 0.0, 3.0, 3.0)]) == []


def test_a_textures_lines_stay_clear_of_the_grown_hole():
    """Every piece of a cross-hatch cut around a text box stays out of the box grown by the gap (but its ends)."""
    hole, gap = (3.0, 6.0, 12.0, 9.0), 0.5
    pieces = hatch_cut_out(hatch_lines("cross", 0.0, 0.0, 15.0, 15.0, 1.3), [hole], gap)
    assert pieces
    for x1, y1, x2, y2 in pieces:
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        assert not (hole[0] - gap < mx < hole[2] + gap and hole[1] - gap < my < hole[3] + gap)
