"""Interactive plots that work in JupyterLab and pass strict nbval.

The one idea here: a plot is drawn by an ordinary function that returns a matplotlib
``Figure``; :func:`interactive_plot` wires controls (sliders, dropdowns) to it and puts the
picture into an ``ipywidgets.Output`` by *setting its outputs from the kernel*. The cell then
emits exactly one output (the widget box), so strict nbval sees the same output on every
run, and JupyterLab shows the same thing a student sees (see ``TOOLING`` notes in the README).

Slow simulations use ``manual=True``: a "Run" button instead of recomputing on every drag.
"""

from __future__ import annotations

import base64
import io
from collections.abc import Callable

import ipywidgets as widgets
import matplotlib.pyplot as plt
from matplotlib.figure import Figure

__all__ = ["figure_output", "interactive_plot", "show_figure"]


def figure_output(fig: Figure, *, dpi: int | None = None) -> dict:
    """Return ``fig`` as a Jupyter ``display_data`` output (PNG) and close it.

    Closing matters: otherwise the inline backend would show the figure a second time at the
    end of the cell.
    """
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=dpi, bbox_inches="tight")
    plt.close(fig)
    png = base64.b64encode(buffer.getvalue()).decode("ascii")
    return {
        "output_type": "display_data",
        "data": {"image/png": png, "text/plain": "<Figure>"},
        "metadata": {},
    }


def show_figure(output: widgets.Output, fig: Figure) -> None:
    """Replace whatever ``output`` shows with ``fig`` (rendered in the kernel)."""
    output.outputs = (figure_output(fig),)


def show_text(output: widgets.Output, text: str) -> None:
    """Replace whatever ``output`` shows with plain text (e.g. an error message)."""
    output.outputs = ({"output_type": "stream", "name": "stdout", "text": text},)


def interactive_plot(
    draw: Callable[..., Figure],
    *,
    manual: bool = False,
    button_description: str = "Run",
    **controls: widgets.ValueWidget,
) -> widgets.VBox:
    """Return a widget box: ``controls`` above the figure ``draw(**values)`` returns.

    Parameters
    ----------
    draw
        Called with one keyword argument per control (the control's current value); returns a
        matplotlib ``Figure``. It should create its own figure (``plt.subplots``) and never
        call ``plt.show()``.
    manual
        If true, redraw only when the "Run" button is pressed (use it when ``draw`` takes more
        than about a second); otherwise redraw whenever a control changes.
    controls
        Keyword arguments naming ipywidgets controls, e.g. ``n=IntSlider(...)``.

    The figure for the controls' initial values is drawn at once, so the saved notebook shows
    it even without a running kernel. An exception raised by ``draw`` (for instance a
    ``ValueError`` for a bad parameter) is shown as text in place of the figure.
    """
    if not controls:
        raise ValueError("interactive_plot needs at least one control, e.g. n=IntSlider(...)")
    for name, control in controls.items():
        if not isinstance(control, widgets.ValueWidget):
            raise TypeError(f"control {name!r} must be an ipywidgets value widget, "
                            f"not {type(control).__name__}")
    output = widgets.Output()

    def redraw(*_):
        values = {name: control.value for name, control in controls.items()}
        try:
            fig = draw(**values)
        except (ValueError, TypeError) as error:
            show_text(output, f"{type(error).__name__}: {error}\n")
            return
        show_figure(output, fig)

    children: list[widgets.Widget] = list(controls.values())
    if manual:
        button = widgets.Button(description=button_description, button_style="primary",
                                icon="play")
        button.on_click(redraw)
        children.append(button)
    else:
        for control in controls.values():
            control.observe(redraw, names="value")
    redraw()
    box = widgets.VBox([widgets.HBox(children, layout=widgets.Layout(flex_flow="row wrap")),
                        output])
    box.add_class("mcts-lesson-interactive")
    return box


def progress_bar(total: int, description: str = "running") -> Callable[[int], None]:
    """Display a progress bar and return a callback ``update(done)`` that moves it.

    The algorithm modules never import ipywidgets; long-running functions take an optional
    ``progress`` callback instead, and a notebook passes this one::

        result = experiment(..., progress=progress_bar(total=100, description="seeds"))

    The bar is a widget, so nbval (which skips widget views) sees the same text every run.
    """
    from IPython.display import display

    if total < 1:
        raise ValueError(f"total must be at least 1, got {total}")
    bar = widgets.IntProgress(value=0, min=0, max=total, description=description,
                              style={"description_width": "initial"})
    display(bar)

    def update(done: int) -> None:
        bar.value = min(int(done), total)
        if bar.value >= total:
            bar.bar_style = "success"

    return update
