# Juurlink, Rao, Sibeyn, Table 1 from checked schedules, beside the surviving values.
table jrs-1
