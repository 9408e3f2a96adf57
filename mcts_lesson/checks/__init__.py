"""Exercise checks: one module per chapter (``checks.montecarlo``, ``checks.bandits``, ...).

A check takes the student's answer (a number or a function), compares it with the package's
own computation, prints feedback that says what to look at, and returns ``True``/``False``.
It never raises on a wrong answer, and an exercise stub that still raises
``NotImplementedError`` gets a friendly "not done yet" message, so a notebook always runs top
to bottom.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

PASS = "✅ Correct."
FAIL = "❌ Not yet."
TODO = "✏️ Not done yet."


class CheckResult:
    """What a check returns: true when the answer passed.

    It behaves like a bool (``assert check_x(...)`` works in tests) but shows nothing when it
    is the last value of a notebook cell, so the student sees only the printed feedback.
    """

    __slots__ = ("passed",)

    def __init__(self, passed: bool):
        self.passed = bool(passed)

    def __bool__(self) -> bool:
        return self.passed

    def __repr__(self) -> str:
        return f"CheckResult(passed={self.passed})"

    def _ipython_display_(self) -> None:  # the printed feedback is the display
        pass


def report(passed: bool, detail: str = "") -> CheckResult:
    """Print one line of feedback and return a :class:`CheckResult`."""
    print(f"{PASS if passed else FAIL} {detail}".rstrip())
    return CheckResult(passed)



def call_student(function: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """Call the student's function; turn the stub's NotImplementedError into a message.

    Returns the function's result, or raises :class:`StudentNotDone` which the check catches.
    """
    try:
        return function(*args, **kwargs)
    except NotImplementedError as error:
        raise StudentNotDone(str(error)) from None


class StudentNotDone(Exception):
    """The student's function still raises NotImplementedError."""


def not_done(error: StudentNotDone) -> CheckResult:
    """Feedback for a stub that is not filled in yet."""
    print(f"{TODO} Fill in the function first ({error}).")
    return CheckResult(False)
