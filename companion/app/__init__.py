"""The app layer: the ``companion`` command (the composition root), its configuration,
the commands that look after the journal and re-derive a table's draws, and the process's
memory and collector settings. The only package that imports ``web`` and
``firmware_bridge``; nothing in the core imports it.

May import: companion.errors, companion.rules, companion.known_games, companion.storage,
companion.access, companion.randomness, companion.play, companion.writer, web,
firmware_bridge
"""
