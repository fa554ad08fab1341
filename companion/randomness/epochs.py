"""A table's seeds: the one committed at creation, and each fresh one committed when play
resumes after a seed was published (docs/architecture.md, "Randomness").

An *epoch* is the span of the journal one seed draws for. Closing the game (a ``close``
entry) publishes the seed of the epoch in force. An undo or a correction on a closed game
carries a fresh seed (``"reseed": {"seed", "hash"}`` in the same journal row, so the seed
and the change that needs it are written together); from that row on, draws come from the
new seed, whose hash is in the public log, and nothing still to be drawn can be predicted
from the published one.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.randomness import draws
from companion.storage.entries import (
    ActionCorrected,
    ActionUndone,
    FreshSeed,
    GameClosed,
    JournalEntry,
)


@dataclass
class Epochs:
    seeds: list[bytes]
    starts: list[int] = field(default_factory=lambda: [0])  # first version of each epoch
    published: int = 0  # how many epochs, from the first, have their seed published

    @property
    def seed(self) -> bytes:
        """The seed in force: every draw from now on comes from it."""
        return self.seeds[-1]

    @property
    def closed(self) -> bool:
        """The seed in force is published: the game is closed."""
        return self.published == len(self.seeds)

    def seed_at(self, version: int) -> bytes:
        """The seed in force when the entry ``version`` was written."""
        return next(
            seed
            for seed, start in zip(reversed(self.seeds), reversed(self.starts))
            if start <= version
        )

    def note(self, version: int, entry: JournalEntry) -> None:
        """Follow one journal entry (at start-up and on every commit)."""
        match entry:
            case GameClosed():
                self.published = len(self.seeds)
            case (
                ActionUndone(reseed=FreshSeed(seed=fresh))
                | ActionCorrected(reseed=FreshSeed(seed=fresh))
            ):
                self.seeds.append(bytes.fromhex(fresh))
                self.starts.append(version)

    def public(self) -> list[dict]:
        """The published seeds, each with the version its epoch starts at and its hash."""
        return [
            {"from_version": start, "seed": seed.hex(), "hash": draws.commitment(seed)}
            for seed, start in zip(self.seeds[: self.published], self.starts)
        ]

    @staticmethod
    def fresh() -> FreshSeed:
        """A new seed for the row that resumes play (its hash goes in the log)."""
        seed = draws.new_seed()
        return FreshSeed(seed.hex(), draws.commitment(seed))
