"""Debounced push buttons: a level counts once it has held ``bounce_ms``.

Pure logic over ``read()`` callables (a ``machine.Pin`` with a pull-up reads 0 when pressed),
so it runs on the host in tests.
"""


class Keys:
    def __init__(self, readers, bounce_ms=30):
        """``readers`` maps a key name to a callable returning True while it is pressed."""
        self.readers = readers
        self.bounce_ms = bounce_ms
        self._raw = {name: False for name in readers}
        self._since = {name: 0 for name in readers}
        self._level = {name: False for name in readers}

    def poll(self, now):
        """The settled edges since the last poll: a list of ``(name, pressed)``."""
        edges = []
        for name, read in self.readers.items():
            raw = bool(read())
            if raw != self._raw[name]:
                self._raw[name], self._since[name] = raw, now
            elif raw != self._level[name] and now - self._since[name] >= self.bounce_ms:
                self._level[name] = raw
                edges.append((name, raw))
        return edges
