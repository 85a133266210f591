check --json schedules/examples/broken-causality.sched
