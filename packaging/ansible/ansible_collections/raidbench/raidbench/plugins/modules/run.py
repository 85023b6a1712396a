#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: RaidBench developers
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

from __future__ import absolute_import, division, print_function

__metaclass__ = type

DOCUMENTATION = r"""
---
module: run
short_description: Run a RaidBench plan on the host's disks
version_added: "1.0.0"
description:
  - Runs C(raidbench-cli run) on the managed host. Each disk of the plan is measured on its own,
    every layout of the plan is built with mdadm or LVM, measured and torn down, and the results
    are written to a file on the host after every measurement.
  - B(Every disk the plan names or chooses is destroyed.) The module refuses to run unless
    C(destroy_data=true).
  - A plan may choose its disks by rule (a model pattern and a count, see docs/plan-format.md),
    resolved on each host against its own disks. A host where nothing matches fails with the reason.
  - Returns the run's summary as the fact C(raidbench), with each configuration's measured and predicted
    MB/s, each disk's own speed, and the ranking for C(recommend).
  - In check mode nothing runs and nothing is written; the module returns the commands it would run
    (and reports a change, which the run would be).
  - Needs root on the host (use C(become)).
author:
  - RaidBench developers
options:
  plan:
    description:
      - Path of the plan on the managed host (JSON, see docs/plan-format.md).
      - Exactly one of C(plan) and C(plan_content) is required.
    type: path
  plan_content:
    description:
      - The plan itself, as a dictionary; the module writes it to a new file beside C(out), readable by
        root only.
    type: dict
  out:
    description:
      - The results file on the managed host. It is replaced after every measurement.
      - By default a new file in the host's temporary directory, returned as C(results_path).
      - Unless C(resume), a file already there is removed before the run, so an earlier run's results are
        never returned as this one's.
    type: path
  destroy_data:
    description:
      - Confirms that the data on the plan's disks may be destroyed (C(raidbench-cli run --yes)).
    type: bool
    default: false
  resume:
    description:
      - Skip the configurations C(out) already holds (C(--resume)); needs C(out).
    type: bool
    default: false
  recommend:
    description:
      - Requirements to rank the layouts on, as C(raidbench-cli report --recommend) takes them
        (for example C(failures>=1,space>=50,weight=random)); an empty string ranks nothing.
    type: str
    default: "failures>=1"
  raidbench_cli:
    description:
      - The C(raidbench-cli) program on the managed host.
    type: path
    default: raidbench-cli
notes:
  - Supports check mode. The run is not idempotent; each one destroys the disks' data and measures again.
  - The results file stays on the host; fetch it with M(ansible.builtin.fetch), as the role
    C(raidbench.raidbench.campaign) does.
seealso:
  - name: RaidBench over ssh without Ansible
    description: C(raidbench-cli run --hosts) reaches hosts over OpenSSH by itself.
    link: https://github.com/raidbench/raidbench/blob/main/docs/remote.md
"""

EXAMPLES = r"""
- name: Measure RAID levels on four 4 TB disks of each storage server
  become: true
  raidbench.raidbench.run:
    plan_content:
      raidbench_plan: 1
      disks: {select: usable, model: "ST4000*", count: 4}
      configurations: [raid10, raid5, raid6]
    out: /var/tmp/raidbench.json
    destroy_data: true
    recommend: "failures>=1,space>=50"
  register: bench

- name: Show each host's first choice
  ansible.builtin.debug:
    msg: "{{ bench.ansible_facts.raidbench.ranking[0].name | default('none') }}"

- name: Only say what would run
  raidbench.raidbench.run:
    plan: /etc/raidbench/plan.json
    destroy_data: true
  check_mode: true
"""

RETURN = r"""
commands:
  description: The commands run (in check mode, that would run).
  returned: always
  type: list
  elements: list
  sample: [["raidbench-cli", "run", "/tmp/plan.json", "--out", "/tmp/raidbench.json", "--yes", "--quiet"]]
results_path:
  description: The results file on the managed host.
  returned: always
  type: str
  sample: /tmp/raidbench-20261207-101500.json
rc:
  description: The exit code of C(raidbench-cli run) (0 completed, 1 a configuration failed, 2 a bad plan, 130 cancelled).
  returned: when the run started
  type: int
stderr_lines:
  description: The last lines C(raidbench-cli) wrote on stderr.
  returned: when the run started
  type: list
  elements: str
ansible_facts:
  description: The run's summary.
  returned: when a results file was written
  type: dict
  contains:
    raidbench:
      description: The summary of the results file.
      type: dict
      contains:
        status:
          description: C(completed), C(failed) or C(cancelled).
          type: str
        disks:
          description: Each disk's own speed (path, model, serial, write and read MB/s, and whether it is slow).
          type: list
          elements: dict
        configurations:
          description: Each configuration (name, status, error, the first write and read test's id and
            MB/s, the model's write and read MB/s, space in percent).
          type: list
          elements: dict
        ranking:
          description: The layouts ranked for C(recommend) (name, score, measured or predicted), as
            C(raidbench-cli report --recommend --json) gives them.
          type: list
          elements: dict
"""

import json
import os
import tempfile
import time

from ansible.module_utils.basic import AnsibleModule

MB = 1000.0 * 1000.0


def mbps(value):
    return round(value / MB, 1) if isinstance(value, (int, float)) else None


def summarize(results):
    """The results file as the facts a playbook reads."""
    disks = []
    for disk in results.get("disks", []):
        baseline = disk.get("baseline") or {}
        disks.append({
            "path": disk.get("path"),
            "model": disk.get("model"),
            "serial": disk.get("serial"),
            "write_mbps": mbps(baseline.get("write_bw_bytes")),
            "read_mbps": mbps(baseline.get("read_bw_bytes")),
            "slow": bool(disk.get("slow")),
        })
    configurations = []
    for config in results.get("configs", []):
        predicted = config.get("predicted") or {}
        measured = {}
        for test in config.get("tests", []):
            run = (test.get("runs") or [{}])[-1]
            for side in ("write", "read"):
                part = run.get(side) or {}
                if side not in measured and part.get("bytes"):
                    measured[side] = (test.get("id"), mbps(part.get("bw_bytes")))
        configurations.append({
            "name": config.get("name"),
            "status": config.get("status"),
            "error": config.get("error") or None,
            "write_test": measured.get("write", (None, None))[0],
            "write_mbps": measured.get("write", (None, None))[1],
            "read_test": measured.get("read", (None, None))[0],
            "read_mbps": measured.get("read", (None, None))[1],
            "predicted_write_mbps": mbps(predicted.get("write_bw_bytes")),
            "predicted_read_mbps": mbps(predicted.get("read_bw_bytes")),
            "space_pct": config.get("space_pct"),
        })
    return {
        "status": results.get("status"),
        "hostname": (results.get("host") or {}).get("hostname"),
        "disks": disks,
        "configurations": configurations,
        "ranking": [],
    }


def ranking(module, cli, path, requirements):
    """raidbench-cli's ranking for the requirements, or a warning and none."""
    if not requirements:
        return []
    rc, out, err = module.run_command([cli, "report", path, "--recommend", requirements, "--json"])
    if rc != 0:
        module.warn("no ranking: %s" % (err.strip().splitlines() or ["raidbench-cli report failed"])[-1])
        return []
    try:
        return json.loads(out).get("ranked", [])
    except ValueError:
        module.warn("no ranking: raidbench-cli report did not answer in JSON")
        return []


def wrote_to_disks(results):
    """Whether the run wrote to its disks: a disk measured on its own, or a layout built."""
    measured = any((d.get("baseline") or {}).get("write_bw_bytes") for d in results.get("disks", []))
    return measured or any(c.get("status") != "pending" for c in results.get("configs", []))


def load_results(path):
    try:
        with open(path) as handle:
            return json.load(handle)
    except (IOError, OSError, ValueError):
        return None


def plan_path(module, out):
    """The plan's path on the host: the one given, or beside the results for plan_content."""
    return module.params["plan"] or os.path.splitext(out)[0] + "-plan.json"


def write_private(module, path, text, out):
    """Writes `text` to a new file at `path` (0600), never through a link someone left there."""
    try:
        if os.path.lexists(path):
            os.unlink(path)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
        with os.fdopen(fd, "w") as handle:
            handle.write(text)
    except (IOError, OSError) as error:
        module.fail_json(msg="cannot write the plan to %s: %s (choose another out)" % (path, error.strerror),
                         results_path=out)


def remove_old_results(module, out):
    """A fresh run's results file starts empty: an earlier run's is never read as this one's."""
    try:
        if os.path.lexists(out):
            os.unlink(out)
    except OSError as error:
        module.fail_json(msg="cannot remove the earlier results %s: %s" % (out, error.strerror), results_path=out)


def find_cli(module, name):
    cli = module.get_bin_path(name) if os.sep not in name else name
    return cli if cli and os.access(cli, os.X_OK) else None


def main():
    module = AnsibleModule(
        argument_spec=dict(
            plan=dict(type="path"),
            plan_content=dict(type="dict"),
            out=dict(type="path"),
            destroy_data=dict(type="bool", default=False),
            resume=dict(type="bool", default=False),
            recommend=dict(type="str", default="failures>=1"),
            raidbench_cli=dict(type="path", default="raidbench-cli"),
        ),
        mutually_exclusive=[("plan", "plan_content")],
        required_one_of=[("plan", "plan_content")],
        required_if=[("resume", True, ("out",))],
        supports_check_mode=True,
    )
    params = module.params
    out = params["out"] or os.path.join(
        tempfile.gettempdir(), "raidbench-%s-%s.json" % (time.strftime("%Y%m%d-%H%M%S"), os.urandom(4).hex()))
    plan = plan_path(module, out)
    command = [params["raidbench_cli"], "run", plan, "--out", out, "--yes", "--quiet"]
    if params["resume"]:
        command.append("--resume")
    result = dict(changed=False, commands=[command], results_path=out)
    if not params["destroy_data"]:
        module.fail_json(msg="raidbench-cli destroys the data on every disk of the plan; "
                             "set destroy_data: true to let it", **result)
    if os.geteuid() != 0:
        module.fail_json(msg="raidbench-cli needs root on the host to build arrays; use become: true", **result)
    cli = find_cli(module, params["raidbench_cli"])
    if not cli:
        module.fail_json(msg="%s is not installed on this host (install the raidbench-cli package)"
                             % params["raidbench_cli"], **result)
    command[0] = cli
    if module.check_mode:
        # What would run destroys the disks' data: a change.
        result["changed"] = True
        module.exit_json(**result)
    if params["plan_content"] is not None:
        write_private(module, plan, json.dumps(params["plan_content"], indent=2), out)
    if not params["resume"]:
        remove_old_results(module, out)
    rc, _, err = module.run_command(command)
    result.update(rc=rc, stderr_lines=err.strip().splitlines()[-20:])
    results = load_results(out)
    if results is not None:
        result["changed"] = wrote_to_disks(results)
        summary = summarize(results)
        summary["ranking"] = ranking(module, cli, out, params["recommend"])
        result["ansible_facts"] = {"raidbench": summary}
    if rc != 0:
        why = (err.strip().splitlines() or ["raidbench-cli run exited with code %d" % rc])[-1]
        module.fail_json(msg="raidbench-cli run failed (exit code %d): %s" % (rc, why), **result)
    module.exit_json(**result)


if __name__ == "__main__":
    main()
