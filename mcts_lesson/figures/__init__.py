"""One function per figure, per chapter (``figures.montecarlo``, ``figures.bandits``, ...).

Each function takes its data or parameters as arguments, draws a labelled figure and returns
the matplotlib ``Figure`` (it never calls ``plt.show()``), so a notebook can show it with
``plt.show()`` and a widget can re-render it.
"""
