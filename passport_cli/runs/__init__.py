"""Runs of many games: selfplay (records) and the output of selfplay and tournament."""
