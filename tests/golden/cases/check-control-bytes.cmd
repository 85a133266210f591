# The control bytes of a quoted word are shown as \xNN, never written to the
# terminal as they are (an escape sequence there would act).
check tests/golden/inputs/control-bytes.sched
