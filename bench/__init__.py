"""Benchmarks of the companion (not tests): ``python -m bench``; see bench/README.md."""
