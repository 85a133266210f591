# Juurlink, Rao, Sibeyn, Table 2 (approaches 11, 21, 22, circgos per phase and the best torgos on n x n tori) from checked schedules.
table jrs-2
