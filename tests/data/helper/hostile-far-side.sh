#!/bin/sh
while read -r line; do
  id=$(printf '%s' "$line" | sed -n 's/.*"id":\([0-9]*\).*/\1/p')
  case "$line" in
    *'"hello"'*) printf '{"id":%s,"ok":true,"result":{"protocol":3,"raidbench_version":"x","pid":7,"euid":0,"lab":false,"journals":0}}\n' "$id" ;;
    *'"bye"'*) printf '{"id":%s,"ok":true,"result":{}}\n' "$id"; exit 0 ;;
    *) printf '{"id":%s,"ok":true,"result":{"disks":[{"name":"sdb","path":"/dev/sdb","kind":"disk","model":"WD\\u001b[8mHIDDEN","serial":"S1\\u009b2J\\u202eevil","transport":"sata","controller":"0000:00:1f.2\\r\\u001b[2K","size_bytes":4000787030016,"eligible":false,"reasons":[{"code":"signature","message":"ext4 \\u001b]0;owned\\u0007"}]}]}}\n' "$id" ;;
  esac
done
