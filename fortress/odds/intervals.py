"""Confidence intervals, for any ruleset's Monte Carlo odds and bot-versus-bot win rates:
the normal quantile of a confidence, the Wilson score interval of a proportion, the normal
interval of a mean."""
from __future__ import annotations

import math
from statistics import NormalDist
from typing import Iterable


def z_value(confidence: float) -> float:
    """Two-sided normal quantile, e.g. 0.95 -> 1.96 (``ValueError`` outside 0 < confidence < 1)."""
    if not 0 < confidence < 1:
        raise ValueError(f"the confidence is a fraction between 0 and 1 (0.95 for 95%), not {str(confidence)[:20]}")
    return NormalDist().inv_cdf((1 + confidence) / 2)


def wilson(successes: float, n: int, z: float) -> tuple[float, float]:
    """Wilson score interval of a proportion."""
    if n == 0:
        return (0.0, 1.0)
    phat = successes / n
    denom = 1 + z * z / n
    centre = (phat + z * z / (2 * n)) / denom
    half = z * math.sqrt(phat * (1 - phat) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def normal_interval(values: Iterable[float], n: int, z: float) -> tuple[float, float]:
    """Normal interval of a mean from the values of ``n`` runs."""
    s = s2 = 0.0
    for v in values:
        s += v
        s2 += v * v
    mean = s / n
    var = max(0.0, (s2 - n * mean * mean) / (n - 1)) if n > 1 else 0.0
    half = z * math.sqrt(var / n)
    return (mean - half, mean + half)
