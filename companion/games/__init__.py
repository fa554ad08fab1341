"""The games, one package each; ``companion/registry.py`` finds them by their folders."""
