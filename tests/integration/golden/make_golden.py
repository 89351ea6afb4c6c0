#!/usr/bin/env python3
"""Independent reference for the textbook golden trajectories in this folder.

A plain perceptron in exact rational arithmetic (fractions.Fraction), written from the rules
of docs/learners.md without looking at the C++ plugins. The examples use small integers and powers
of two, so double arithmetic must give exactly these weights. Rerun to regenerate:
    python3 make_golden.py
"""
from fractions import Fraction as F
from pathlib import Path


def dot(w,x):
    s=F(0)
    for a,b in zip(w,x): s+=a*b
    return s
def online(X,Y,w,eta=1,step='label',tie='mistake',aug=True,max_epochs=100):
    X=[[F(1)]+[F(v) for v in x] if aug else [F(v) for v in x] for x in X]; w=[F(v) for v in w]; eta=F(eta)
    trace=[]
    for ep in range(1,max_epochs+1):
        m=0
        for i,(x,y) in enumerate(zip(X,Y)):
            s=dot(w,x)
            mis = (y*s<=0) if tie=='mistake' else ((s>=0)!=(y>0))
            if mis:
                c = eta*y if step=='label' else eta*2*y
                w=[a+c*b for a,b in zip(w,x)]; m+=1; trace.append((ep,i,[str(v) for v in w]))
        if m==0: return trace, ep
    return trace, None
def batch(X,Y,w,eta=1,normalize=False,tie='mistake',max_epochs=100):
    X=[[F(1)]+[F(v) for v in x] for x in X]; w=[F(v) for v in w]; trace=[]; mistakes=0
    for ep in range(1,max_epochs+1):
        g=[F(0)]*len(w); m=0
        for x,y in zip(X,Y):
            s=dot(w,x); mis=(y*s<=0) if tie=='mistake' else ((s>=0)!=(y>0))
            if mis: g=[a+y*b for a,b in zip(g,x)]; m+=1
        if m==0: return trace, ep, mistakes
        mistakes+=m
        w=[a+(eta*b/m if normalize else eta*b) for a,b in zip(w,g)]; trace.append((ep,None,[str(v) for v in w]))
    return trace,None,mistakes


def num(v):
    f = float(F(v))
    return str(int(f)) if f == int(f) else repr(f)


def lines(learner, trace):
    return ['{"point":0,"learner":"%s","repeat":0,"epoch":%d,"sample":%s,"w":[%s]}'
            % (learner, ep, 'null' if i is None else i, ','.join(num(x) for x in w))
            for ep, i, w in trace]


def write(name, rows):
    Path(__file__).with_name(name + '.trajectory.jsonl').write_text('\n'.join(rows) + '\n')


if __name__ == '__main__':
    worked = ([[1, 1], [1, 2], [0, 0], [-1, 0]], [1, 1, -1, -1])
    write('worked_example', lines('residual-heaviside',
                                  online(*worked, [0, 0, 0], 1, 'residual', 'positive')[0]))
    write('and_function', lines('classic', online([[0, 0], [0, 1], [1, 0], [1, 1]],
                                                  [-1, -1, -1, 1], [0, 0, 0])[0]))
    write('no_bias_given_init', lines('eta-half', online([[1, 2], [2, 1], [-1, -1], [-2, 1]],
                                                         [1, 1, -1, -1], [-1, F(1, 2)], F(1, 2),
                                                         aug=False)[0]))
    write('batch_form', lines('sum', batch(*worked, [0, 0, 0])[0])
          + lines('averaged', batch(*worked, [0, 0, 0], normalize=True)[0]))
