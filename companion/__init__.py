"""Table Companion: the core. Never imports flask, gpiozero, serial or waitress."""

__version__ = "0.2.0"
