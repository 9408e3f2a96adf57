"""A game written by a "student" in the five methods of ``GameState``, shared by the tests.

``make_subtraction_game(allowed)`` returns a class: a pile of sticks, each turn removes one of
the ``allowed`` amounts, whoever takes the last stick wins. ``allowed = (1, 2)`` is chapter 3's
*Countdown* (Nim with m = 2 in disguise).
"""

from mcts_lesson.games import GameState


def make_subtraction_game(allowed):
    class SubtractionGame(GameState):
        __slots__ = ("sticks", "to_move")

        def __init__(self, sticks, to_move=0):
            self.sticks, self.to_move = sticks, to_move

        def legal_moves(self):
            return tuple(k for k in allowed if k <= self.sticks)

        def play(self, move):
            if move not in self.legal_moves():
                raise ValueError(f"illegal move {move!r}")
            return SubtractionGame(self.sticks - move, 1 - self.to_move)

        def is_terminal(self):
            return self.sticks == 0

        def winner(self):
            return 1 - self.to_move if self.sticks == 0 else None

        def __eq__(self, other):
            return (self.sticks, self.to_move) == (other.sticks, other.to_move)

        def __hash__(self):
            return hash((self.sticks, self.to_move))

    return SubtractionGame
