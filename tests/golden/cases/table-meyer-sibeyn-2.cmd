table meyer-sibeyn-2
