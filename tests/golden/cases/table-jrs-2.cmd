# Juurlink, Rao, Sibeyn, Table 2 (approaches 11, 21, 22 and circgos per phase on n x n tori) from checked schedules.
table jrs-2
