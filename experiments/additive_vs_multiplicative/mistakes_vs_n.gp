# Mistakes against n for the perceptron and Winnow, with their certified bounds (log-log).
# gnuplot mistakes_vs_n.gp  (reads mistakes_vs_n.dat, writes mistakes_vs_n.png)
set terminal pngcairo size 900,560 font ",11" noenhanced
set output "mistakes_vs_n.png"
set logscale xy
set xrange [7:14000]
set yrange [10:100000]
set xlabel "n (Boolean features; 2-literal disjunction, 2000 rows)"
set ylabel "mistakes to convergence"
set key top left
set grid
set title "Additive vs multiplicative: median (bars: min-max) and certified bound"
plot "mistakes_vs_n.dat" using 1:2:3:4 with yerrorlines lw 2 lc rgb "#1f77b4" title "perceptron", \
     "" using 1:5 with linespoints dt 2 lw 2 lc rgb "#1f77b4" title "perceptron bound (R/rho)^2", \
     "" using 1:6:7:8 with yerrorlines lw 2 lc rgb "#d62728" title "winnow (balanced, eta = 0.2)", \
     "" using 1:9 with linespoints dt 2 lw 2 lc rgb "#d62728" title "winnow bound ln N / (eta g1 - ln cosh(eta R_inf))"
