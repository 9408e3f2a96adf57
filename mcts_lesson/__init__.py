"""mcts-lesson: from Buffon's needle to Monte Carlo Tree Search.

The algorithm modules use only NumPy and the standard library:

* :mod:`mcts_lesson.montecarlo`: Monte Carlo estimation (chapter 1)
* :mod:`mcts_lesson.bandits`: multi-armed bandits, regret and UCB1 (chapter 2)
* :mod:`mcts_lesson.games`: the game-state interface, Nim, tic-tac-toe, random trees
* :mod:`mcts_lesson.minimax`: negamax, alpha-beta, transpositions, flat Monte Carlo
* :mod:`mcts_lesson.mcts`: Monte Carlo Tree Search with UCT (chapters 5-6)

Plotting (:mod:`mcts_lesson.plots`, :mod:`mcts_lesson.figures`), interactive widgets
(:mod:`mcts_lesson.widgets`) and exercise checks (:mod:`mcts_lesson.checks`) sit on top and
are imported only by the notebooks.
"""

__version__ = "0.1.0"
