check schedules/examples/broken-shared-channel.sched
