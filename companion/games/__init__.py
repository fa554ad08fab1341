"""The games, one package each; ``companion/known_games/registry.py`` finds them by their
folders."""
