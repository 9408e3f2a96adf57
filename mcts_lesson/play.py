"""Play tic-tac-toe against a program in a notebook: a 3×3 grid of buttons (ipywidgets).

    from mcts_lesson.play import TicTacToeBoard, perfect_player
    TicTacToeBoard(perfect_player(rng=0))

The opponent is any callable ``opponent(state) -> move`` or
``opponent(state) -> (move, annotations)``, where ``annotations`` maps cell indices to short
strings shown on the empty cells after the opponent's move (say, what the opponent thought
of each move: visit shares in chapter 5, exact values here). The board never looks inside
the opponent, so chapter 5 can plug in UCT unchanged.

This module is part of the widget layer: it imports ipywidgets; the algorithm modules never
import it.
"""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as widgets

from mcts_lesson._rng import as_generator
from mcts_lesson.games import TicTacToe
from mcts_lesson.minimax import move_values

__all__ = ["TicTacToeBoard", "perfect_player"]

MARKS = ("x", "o")
_VALUE_TEXT = {1: "win", 0: "draw", -1: "loss"}


def perfect_player(rng=None) -> Callable:
    """An opponent that plays perfectly: a random choice among the value-keeping moves.

    It annotates every empty cell with the exact result of that move *for itself*
    ("win", "draw" or "loss" with perfect play afterwards), so the student can see why it
    chose its move. Values come from :func:`mcts_lesson.minimax.move_values` with one
    transposition table kept between calls.
    """
    generator = as_generator(rng)
    table: dict = {}

    def opponent(state):
        values = move_values(state, table)
        best = max(values.values())
        choices = sorted(move for move, value in values.items() if value == best)
        move = choices[int(generator.integers(len(choices)))]
        return move, {cell: _VALUE_TEXT[value] for cell, value in values.items()}

    return opponent


class TicTacToeBoard(widgets.VBox):
    """A tic-tac-toe board to play against ``opponent`` (see the module docstring).

    Parameters
    ----------
    opponent
        ``opponent(state) -> move`` or ``-> (move, annotations)``; called whenever it is the
        opponent's turn. A move that is not legal is reported in the status line.
    human_plays
        0 to play ``x`` (moving first), 1 to play ``o``. A toggle on the board changes it;
        the change starts a new game.

    Attributes for code (and tests): ``state`` (the current :class:`TicTacToe`),
    ``status`` (the status line's text), ``click(cell)`` (what pressing a cell does) and
    ``new_game()``.
    """

    def __init__(self, opponent: Callable, human_plays: int = 0):
        if not callable(opponent):
            raise ValueError(f"opponent must be a callable state -> move, got {opponent!r}")
        if human_plays not in (0, 1) or isinstance(human_plays, bool):
            raise ValueError(f"human_plays must be 0 (play x, first) or 1 (play o), "
                             f"got {human_plays!r}")
        self._opponent = opponent
        self._human = int(human_plays)
        self.state = TicTacToe()
        self._annotations: dict = {}
        self._error: str | None = None
        self._status_text = ""
        self._cells = [
            widgets.Button(description=" ",
                           layout=widgets.Layout(width="64px", height="64px"),
                           style={"font_weight": "bold"})
            for _ in range(9)
        ]
        for cell, button in enumerate(self._cells):
            button.on_click(lambda _button, cell=cell: self.click(cell))
        self._status = widgets.HTML()
        self._side = widgets.ToggleButtons(options=[("I play x (first)", 0),
                                                    ("I play o (second)", 1)],
                                           value=self._human)
        self._side.observe(self._on_side, names="value")
        new = widgets.Button(description="New game", icon="refresh")
        new.on_click(lambda _button: self.new_game())
        grid = widgets.GridBox(self._cells, layout=widgets.Layout(
            grid_template_columns="repeat(3, 64px)", grid_gap="4px"))
        super().__init__([self._side, grid, widgets.HBox([new, self._status])])
        self.add_class("mcts-lesson-tictactoe")
        self.new_game()

    # ---------------------------------------------------------------- public actions

    @property
    def status(self) -> str:
        """The status line: "Your move", "You win", "You lose", "Draw" or an error."""
        return self._status_text

    def new_game(self) -> None:
        """Clear the board; if the opponent plays x it moves at once."""
        self.state = TicTacToe()
        self._annotations = {}
        if self.state.to_move != self._human:
            self._opponent_moves()
        self._refresh()

    def click(self, cell: int) -> None:
        """The human plays ``cell`` (ignored when it is not their turn or not legal)."""
        s = self.state
        if s.is_terminal() or s.to_move != self._human or cell not in s.legal_moves():
            return
        self.state = s.play(cell)
        self._annotations = {}
        if not self.state.is_terminal():
            self._opponent_moves()
        self._refresh()

    # ---------------------------------------------------------------- internals

    def _on_side(self, change) -> None:
        self._human = int(change["new"])
        self.new_game()

    def _opponent_moves(self) -> None:
        answer = self._opponent(self.state)
        if isinstance(answer, tuple) and len(answer) == 2 and isinstance(answer[1], dict):
            move, annotations = answer
        else:
            move, annotations = answer, {}
        try:
            self.state = self.state.play(move)
        except ValueError as error:
            self._error = f"The opponent played an illegal move: {error}"
            return
        self._annotations = {int(k): str(v) for k, v in annotations.items()}

    def _refresh(self) -> None:
        s = self.state
        board = s.board
        human_turn = not s.is_terminal() and s.to_move == self._human
        for cell, button in enumerate(self._cells):
            mark = board[cell]
            if mark != ".":
                button.description = mark.upper()
                button.tooltip = f"cell {cell}: {mark}"
                button.button_style = "info" if MARKS.index(mark) == self._human else "warning"
            else:
                note = self._annotations.get(cell, "")
                button.description = note or " "
                button.tooltip = f"cell {cell}" + (f" (opponent: {note})" if note else "")
                button.button_style = ""
            button.disabled = not (human_turn and mark == ".")
        if self._error:
            text = self._error
            self._error = None
        elif not s.is_terminal():
            text = "Your move" if human_turn else "Opponent to move"
        elif s.winner() is None:
            text = "Draw"
        else:
            text = "You win" if s.winner() == self._human else "You lose"
        self._status_text = text
        self._status.value = f"<b>{text}</b>"

    def __repr__(self) -> str:
        # The text a notebook shows without a live kernel (and what strict nbval compares).
        rows = "\n".join(" ".join(self.state.board[r * 3:r * 3 + 3]) for r in range(3))
        return (f"TicTacToeBoard (you play {MARKS[self._human]}): {self.status}\n{rows}")
