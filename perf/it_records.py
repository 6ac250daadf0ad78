"""The ok records of a directory of results files (the integration tests' it-records), for the
perf scripts that make larger sets from real records."""
import glob
import json
import os

CONFIG_SCHEMA = "hbench.server-config/1"
# How hbench's writer separates items and keys from values.
COMPACT = (",", ":")


def ok_records(directory):
    """Every ok record of the directory's .jsonl files, in file order; lines cut short skipped.
    A file's server configurations (its configuration lines) are put back into its records'
    environment.server_configs, so that each record stands alone."""
    out = []
    for f in sorted(glob.glob(os.path.join(directory, "*.jsonl"))):
        configs = {}
        records = []
        for line in open(f):
            try:
                r = json.loads(line)
            except ValueError:
                continue
            if r.get("schema") == CONFIG_SCHEMA:
                configs[r["key"]] = r["config"]
            elif r.get("status") == "ok":
                records.append(r)
        for r in records:
            env = r.get("environment") or {}
            keys = [s["config"] for s in env.get("servers") or [] if s.get("config")]
            if keys and not env.get("server_configs"):
                env["server_configs"] = {k: configs[k] for k in keys if k in configs}
        out.extend(records)
    return out


def write_records(f, records_written, r):
    """Writes r to the open results file f as hbench does: each server configuration once per
    file, as a configuration line before the first record naming it (records_written: the keys
    f holds already); compact, as Jackson writes it (no space after a comma or a colon)."""
    env = r.get("environment") or {}
    for k, c in (env.pop("server_configs", None) or {}).items():
        if k not in records_written:
            records_written.add(k)
            f.write(json.dumps({"schema": CONFIG_SCHEMA, "key": k, "config": c},
                               separators=COMPACT) + "\n")
    f.write(json.dumps(r, separators=COMPACT) + "\n")
