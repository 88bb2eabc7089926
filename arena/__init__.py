"""Passport's arena: where bots and people meet at a table.

A table of seats playing one game (`arena.match`: `Table`, `Seat`, the run
seeds), tournaments in the duplicate format and their results files
(`arena.tournament`, `arena.standings`, `arena.sprt`, `arena.paired`),
calibration runs (`arena.calibration`), the measurements that play games
of their own (`arena.consistency`, `arena.fitting`), outside programs at the
table and our bots for another host (`arena.agents`, `arena.agent_process`,
`arena.serve`), Ray jobs (`arena.cluster`), the atomic files of long runs
(`arena.files`) and outside text written safely (`arena.text`).

The floors: passport_cli talks to people and uses the arena; the arena
seats the bots (bots/, which only decide) and plays the engine's games
(engine/, the rules); nothing below imports the arena. Importing the
package loads nothing.
"""
