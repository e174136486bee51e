"""Parse FHIR JSON files with the `fhir.resources` package (pip install fhir.resources) and report resources/second.

Usage: python3 fhir_parse.py FILE... -> prints one JSON line {"files", "resources", "failed", "seconds", "package"}.
Each file's bytes are read before timing; the timed part is JSON parsing plus model validation of every resource
(bundles entry by entry, as OpenHealthKit does), with the R4B models (fhir.resources 8 has R5 as default and R4B
as its closest to R4).
"""
import json
import sys
import time

import fhir.resources
from fhir.resources.R4B import get_fhir_model_class


def main(paths):
    raw = []
    for path in paths:
        with open(path, "rb") as handle:
            raw.append(handle.read())
    resources = failed = 0
    start = time.perf_counter()
    for data in raw:
        document = json.loads(data)
        items = [entry["resource"] for entry in document.get("entry", []) if "resource" in entry] \
            if document.get("resourceType") == "Bundle" else [document]
        for item in items:
            try:
                get_fhir_model_class(item["resourceType"]).model_validate(item)
                resources += 1
            except Exception:
                failed += 1
    seconds = time.perf_counter() - start
    print(json.dumps({"files": len(paths), "resources": resources, "failed": failed, "seconds": seconds,
                      "package": "fhir.resources " + fhir.resources.__version__}))


if __name__ == "__main__":
    main(sys.argv[1:])
