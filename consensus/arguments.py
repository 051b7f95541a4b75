"""Argument types of the command line: values refused here are usage errors (exit 2) with one line."""

from __future__ import annotations

import argparse
import math

__all__ = ["positive_mb", "positive_seconds", "run_limit"]


def positive_seconds(text: str) -> float:
    """argparse type: a positive, finite number of seconds (nan, inf, 0 and negatives refused)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"{text!r}: give a positive, finite number of seconds")
    return value


def positive_mb(text: str) -> float:
    """argparse type: a positive, finite number of megabytes."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of megabytes") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"{text!r}: give a positive number of megabytes")
    return value


def run_limit(text: str) -> int:
    """argparse type for ``runs --limit``: 0 means every run; negatives are refused."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{text!r}: give 0 (every run) or a positive number")
    return value
