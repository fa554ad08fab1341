"""Who is asking and whether they may: tokens kept as hashes, viewers and the
credentials they carry, the PIN seat's private sessions, and the idempotency record that
makes a repeated request count once.

May import: companion.errors, companion.rules
"""
