"""Pure game rules: no I/O, no clock, no randomness of their own (see README.md)."""
