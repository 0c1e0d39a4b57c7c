#!/usr/bin/env python3
"""Adds a property to the primary picture of a HEIF file, for the tests: a rotation
('irot'), as iPhones write their photos' orientation, or an nclx colour description
('colr'). libheif 1.15's heif-enc can write neither.

    add-heif-property.py IN.heic OUT.heic irot QUARTERS
    add-heif-property.py IN.heic OUT.heic nclx PRIMARIES TRANSFER MATRIX FULL_RANGE

QUARTERS (0-3) is the number of quarter turns anticlockwise (ISO/IEC 23008-12, 6.5.10);
the nclx numbers are ITU-T H.273 code points (ISO/IEC 14496-12, 12.1.5).
The property is appended to 'ipco' and associated, as essential, with the primary item
in 'ipma'; the enclosing boxes grow, and 'iloc' offsets that point past the metadata
move with them. Written from the ISO base media file format and HEIF specifications,
independently of libheif.
"""
import struct
import sys


def boxes(data, start, end):
    found, position = [], start
    while position + 8 <= end:
        size, kind = struct.unpack(">I4s", data[position:position + 8])
        if size < 8 or position + size > end:
            sys.exit(f"damaged box at {position}")
        found.append((kind.decode("latin-1"), position, size))
        position += size
    return found


def child(data, parent, kind, parent_is_full_box):
    _, position, size = parent
    for box in boxes(data, position + 8 + (4 if parent_is_full_box else 0), position + size):
        if box[0] == kind:
            return box
    sys.exit(f"no '{kind}' box")


def main(source, target, kind, numbers):
    data = bytearray(open(source, "rb").read())
    meta = next(box for box in boxes(data, 0, len(data)) if box[0] == "meta")
    pitm = child(data, meta, "pitm", True)
    wide_id = data[pitm[1] + 8] != 0
    primary = int.from_bytes(data[pitm[1] + 12:pitm[1] + (16 if wide_id else 14)], "big")
    iloc = child(data, meta, "iloc", True)
    iprp = child(data, meta, "iprp", True)
    ipco = child(data, iprp, "ipco", False)
    ipma = child(data, iprp, "ipma", False)
    index = len(boxes(data, ipco[1] + 8, ipco[1] + ipco[2])) + 1
    if kind == "irot":
        added = struct.pack(">I4sB", 9, b"irot", numbers[0] & 3)
    else:
        added = struct.pack(">I4s4sHHHB", 19, b"colr", b"nclx", numbers[0], numbers[1], numbers[2], numbers[3] << 7)

    version, flags = data[ipma[1] + 8], int.from_bytes(data[ipma[1] + 9:ipma[1] + 12], "big")
    wide = flags & 1
    position = ipma[1] + 12
    count = struct.unpack(">I", data[position:position + 4])[0]
    position += 4
    insert_at = None
    for _ in range(count):
        id_size = 2 if version < 1 else 4
        item = int.from_bytes(data[position:position + id_size], "big")
        position += id_size
        associations = data[position]
        end = position + 1 + associations * (2 if wide else 1)
        if item == primary:
            data[position] += 1
            insert_at = end
        position = end
    if insert_at is None:
        sys.exit("the primary item has no properties")
    association = struct.pack(">H", 0x8000 | index) if wide else bytes([0x80 | index])

    growth = len(added) + len(association)
    for box, grow in ((meta, growth), (iprp, growth), (ipco, len(added)), (ipma, len(association))):
        struct.pack_into(">I", data, box[1], box[2] + grow)
    ipco_end = ipco[1] + ipco[2]
    # The later insertion first, so the earlier one's position still holds.
    for at, inserted in sorted(((insert_at, association), (ipco_end, added)), reverse=True):
        data[at:at] = inserted
    moved = lambda at: at + (len(association) if at > insert_at else 0) + (len(added) if at > ipco_end else 0)

    meta_end = meta[1] + meta[2]
    q = moved(iloc[1]) + 8
    version = data[q]
    q += 4
    offset_size, length_size = data[q] >> 4, data[q] & 15
    base_size, index_size = data[q + 1] >> 4, data[q + 1] & 15
    q += 2
    items = int.from_bytes(data[q:q + (2 if version < 2 else 4)], "big")
    q += 2 if version < 2 else 4

    def shift(at, size):
        value = int.from_bytes(data[at:at + size], "big")
        if size and value >= meta_end:
            data[at:at + size] = (value + growth).to_bytes(size, "big")

    for _ in range(items):
        q += 2 if version < 2 else 4
        method = 0
        if version in (1, 2):
            method = int.from_bytes(data[q:q + 2], "big") & 15
            q += 2
        q += 2  # data reference index
        base_at = q
        q += base_size
        extents = int.from_bytes(data[q:q + 2], "big")
        q += 2
        if method == 0:
            shift(base_at, base_size)
        for _ in range(extents):
            if version in (1, 2):
                q += index_size
            if method == 0 and not base_size:
                shift(q, offset_size)
            q += offset_size + length_size
    open(target, "wb").write(data)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3], [int(number) for number in sys.argv[4:]])
