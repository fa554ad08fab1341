"""All hardware I/O, kept thin: turns device signals into ``companion.writer.input_events``.

``protocol`` (pure parse/encode of the die-reader line protocol, docs/protocol.md),
``session`` and ``press`` (pure state machines over parsed lines and edge times),
``die_reader`` (pyserial, by URL, reconnecting), ``buttons`` (gpiozero buttons and LEDs,
pin factory injected) and ``simulator`` (a virtual die reader on a pty). Devices never call
into the core: they hand events to a ``post(event)`` callable that only enqueues.
"""
