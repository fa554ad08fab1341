"""When Python's cycle collector runs: after a change is on every screen, never on its way.

CPython collects its youngest generation each time 700 more container objects live than at
the last collection, wherever that count is crossed: often in the middle of a change, between
the tap and the screens. On this project's bench machine that is a pause of 0.15–0.6 ms in
one change out of four, 1–1.4 ms when the middle generation goes too, and 17–20 ms for a
full collection (``bench/README.md``). Here the automatic collection is off while the
companion serves, and the same schedule (CPython's own thresholds, generation by generation)
is run by :meth:`Collector.tidy`: by the writer once a change has been sent to every screen,
and by a timer once a second for the moments with no change (pages loading, streams pinging).
Nothing is collected less than before; it is collected at another moment.

What the server holds once it is up (modules, rules, catalogues, the tables it loaded) is
frozen out of collection (``gc.freeze``): it lives until the server stops, so scanning it
again at every full collection would only cost time. Stopping gives the interpreter its
own collector back.
"""

from __future__ import annotations

import gc
import logging
import threading

log = logging.getLogger(__name__)


class Collector:
    def __init__(self, every_s: float = 1.0) -> None:
        self.every_s = every_s
        self.thresholds = gc.get_threshold()
        self.collections = [0, 0, 0]  # how many of each generation this collector ran
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    def start(self) -> Collector:
        gc.collect()
        gc.freeze()
        gc.disable()
        self._thread = threading.Thread(target=self._run, name="companion-gc", daemon=True)
        self._thread.start()
        return self

    def tidy(self) -> None:
        """Collect the generation CPython would have collected by now, if any: the oldest
        whose count is over its threshold, once the youngest is."""
        counts = gc.get_count()
        if counts[0] <= self.thresholds[0]:
            return
        with self._lock:  # the writer and the timer: one collection at a time
            counts = gc.get_count()
            if counts[0] <= self.thresholds[0]:
                return
            over = [count > limit for count, limit in zip(counts, self.thresholds)]
            generation = 2 if over[2] else 1 if over[1] else 0
            gc.collect(generation)
            self.collections[generation] += 1

    def _run(self) -> None:
        while not self._stop.wait(self.every_s):
            try:
                self.tidy()
            except Exception:  # a collector that fails must not stop collecting
                log.exception("collecting garbage failed")

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
        gc.unfreeze()
        gc.enable()

    def __enter__(self) -> Collector:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
