check no/such/file.sched
