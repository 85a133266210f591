check --max-errors 1 schedules/examples/broken-shared-channel.sched
