#!/usr/bin/env python3
"""Convert the data sets shipped in Debian's python3-sklearn package to plain CSV.

Run from this folder after extracting the package:
    apt-get download python3-sklearn && dpkg -x python3-sklearn_*.deb sk
    python3 convert_sklearn.py sk/usr/lib/python3/dist-packages/sklearn/datasets/data
Each output has a header row and a named label column holding class names.
"""
import csv
import gzip
import sys
from pathlib import Path

IRIS = ["sepal_length_cm", "sepal_width_cm", "petal_length_cm", "petal_width_cm"]
WINE = ["alcohol", "malic_acid", "ash", "alcalinity_of_ash", "magnesium", "total_phenols",
        "flavanoids", "nonflavanoid_phenols", "proanthocyanins", "color_intensity", "hue",
        "od280_od315_of_diluted_wines", "proline"]
_BC_BASE = ["radius", "texture", "perimeter", "area", "smoothness", "compactness", "concavity",
            "concave_points", "symmetry", "fractal_dimension"]
BREAST = ([f"mean_{b}" for b in _BC_BASE] + [f"{b}_error" for b in _BC_BASE]
          + [f"worst_{b}" for b in _BC_BASE])
DIGITS = [f"pixel_{r}_{c}" for r in range(8) for c in range(8)]


def convert_sklearn_style(src, dst, features, label):
    """sklearn's own layout: a first row 'n,d,class names...', then rows ending in a class index."""
    with open(src, newline="") as f:
        rows = list(csv.reader(f))
    names = rows[0][2:]
    assert len(features) == int(rows[0][1]), src
    with open(dst, "w", newline="") as f:
        out = csv.writer(f, lineterminator="\n")
        out.writerow(features + [label])
        for row in rows[1:]:
            out.writerow(row[:-1] + [names[int(row[-1])]])


def convert_digits(src, dst):
    with gzip.open(src, "rt") as f:
        rows = list(csv.reader(f))
    with open(dst, "w", newline="") as f:
        out = csv.writer(f, lineterminator="\n")
        out.writerow(DIGITS + ["digit"])
        for row in rows:
            out.writerow([str(int(float(v))) for v in row[:-1]] + [str(int(float(row[-1])))])


def main(src_dir):
    src = Path(src_dir)
    convert_sklearn_style(src / "iris.csv", "iris.csv", IRIS, "species")
    convert_sklearn_style(src / "wine_data.csv", "wine.csv", WINE, "cultivar")
    convert_sklearn_style(src / "breast_cancer.csv", "breast_cancer.csv", BREAST, "diagnosis")
    convert_digits(src / "digits.csv.gz", "digits.csv")


if __name__ == "__main__":
    main(sys.argv[1])
