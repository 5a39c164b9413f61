"""Tests of Conquest of Speros, one file per module of hcgames.speros."""
