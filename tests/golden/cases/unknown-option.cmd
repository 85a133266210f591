check --jsno x.sched
