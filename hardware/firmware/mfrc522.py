"""MFRC522 card reader on the Pico's SPI bus (NXP MFRC522 data sheet rev 3.9, ISO/IEC
14443-3): the UID of the tag in the field, for ``CARD`` lines.

Only what reading a UID needs: REQA, the anticollision loop at cascade levels 1 and 2
(4- and 7-byte UIDs: MIFARE Classic, NTAG213), SELECT and HLTA. CRC_A is computed here
rather than by the chip. Pure logic over an ``spi`` with ``write``/``read`` and a chip
select callable, so tests/hardware drive it with a fake chip.
"""

COMMAND, COM_IRQ, ERROR, FIFO_DATA, FIFO_LEVEL = 0x01, 0x04, 0x06, 0x09, 0x0A
BIT_FRAMING, MODE, TX_CONTROL, TX_ASK = 0x0D, 0x11, 0x14, 0x15
T_MODE, T_PRESCALER, T_RELOAD_H, T_RELOAD_L, VERSION = 0x2A, 0x2B, 0x2C, 0x2D, 0x37
IDLE, TRANSCEIVE, SOFT_RESET = 0x00, 0x0C, 0x0F
REQA, HLTA, SELECT_CL1, SELECT_CL2, CASCADE_TAG = 0x26, 0x50, 0x93, 0x95, 0x88
VERSIONS = (0x88, 0x90, 0x91, 0x92, 0xB2)  # clones report 0x88 / 0xB2
POLLS = 200  # register reads before a transceive gives up (the chip's timer is 25 ms)
GONE_POLLS = 3  # this many empty looks in a row: the tag was taken away


def crc_a(data):
    """ISO/IEC 14443-3 CRC_A: initial 0x6363, reflected polynomial 0x8408, low byte first."""
    crc = 0x6363
    for byte in data:
        byte ^= crc & 0xFF
        byte = (byte ^ (byte << 4)) & 0xFF
        crc = ((crc >> 8) ^ (byte << 8) ^ (byte << 3) ^ (byte >> 4)) & 0xFFFF
    return bytes((crc & 0xFF, crc >> 8))


class MFRC522:
    """One reader. Raises ``OSError`` when no MFRC522 answers on the bus."""

    def __init__(self, spi, cs):
        self.spi = spi
        self.cs = cs
        self.cs(1)
        self._write(COMMAND, SOFT_RESET)
        self._write(T_MODE, 0x8D)  # timer starts with each transmission
        self._write(T_PRESCALER, 0x3E)
        self._write(T_RELOAD_H, 0)
        self._write(T_RELOAD_L, 30)  # about 25 ms
        self._write(TX_ASK, 0x40)  # 100 % ASK
        self._write(MODE, 0x3D)  # CRC preset 0x6363
        self._write(TX_CONTROL, self._read(TX_CONTROL) | 0x03)  # antenna on
        version = self._read(VERSION)
        if version not in VERSIONS:
            raise OSError("no MFRC522 on SPI (version 0x%02x)" % version)

    def _write(self, register, value):
        self.cs(0)
        self.spi.write(bytes(((register << 1) & 0x7E, value)))
        self.cs(1)

    def _read(self, register):
        self.cs(0)
        self.spi.write(bytes((((register << 1) & 0x7E) | 0x80,)))
        value = self.spi.read(1)[0]
        self.cs(1)
        return value

    def transceive(self, data, last_bits=0):
        """Send ``data``; the tag's answer as bytes, or ``None`` (no tag, or an error)."""
        self._write(COMMAND, IDLE)
        self._write(COM_IRQ, 0x7F)
        self._write(FIFO_LEVEL, 0x80)  # flush
        for byte in data:
            self._write(FIFO_DATA, byte)
        self._write(BIT_FRAMING, last_bits)
        self._write(COMMAND, TRANSCEIVE)
        self._write(BIT_FRAMING, 0x80 | last_bits)  # StartSend
        for _ in range(POLLS):
            irq = self._read(COM_IRQ)
            if irq & 0x30:  # RxIRq or IdleIRq: an answer came
                break
            if irq & 0x01:  # TimerIRq: nobody answered
                return None
        else:
            return None
        self._write(BIT_FRAMING, last_bits)
        if self._read(ERROR) & 0x1B:  # buffer overflow, collision, CRC, parity
            return None
        return bytes(self._read(FIFO_DATA) for _ in range(self._read(FIFO_LEVEL)))

    def _anticollision(self, level):
        answer = self.transceive(bytes((level, 0x20)))
        if answer is None or len(answer) != 5:
            return None
        check = 0
        for byte in answer[:4]:
            check ^= byte
        return answer if check == answer[4] else None

    def _select(self, level, part):
        frame = bytes((level, 0x70)) + part
        answer = self.transceive(frame + crc_a(frame))
        return answer is not None and len(answer) == 3

    def uid(self):
        """The UID of the tag in the field as lower-case hex, or ``None``."""
        if self.transceive(bytes((REQA,)), last_bits=7) is None:
            return None
        first = self._anticollision(SELECT_CL1)
        if first is None or not self._select(SELECT_CL1, first):
            return None
        if first[0] != CASCADE_TAG:
            uid = first[:4]
        else:
            second = self._anticollision(SELECT_CL2)
            if second is None or not self._select(SELECT_CL2, second):
                return None
            uid = first[1:4] + second[:4]
        halt = bytes((HLTA, 0))
        self.transceive(halt + crc_a(halt))  # the tag goes quiet until it leaves the field
        return "".join("%02x" % byte for byte in uid)


class Presence:
    """One ``CARD`` per presentation: a tag held on the reader is not scanned again until
    it has been away ``GONE_POLLS`` looks."""

    def __init__(self):
        self.present = None
        self._empty = 0

    def seen(self, uid):
        """The uid to report now, or ``None``."""
        if uid is None:
            self._empty += 1
            if self._empty >= GONE_POLLS:
                self.present = None
            return None
        self._empty = 0
        if uid == self.present:
            return None
        self.present = uid
        return uid
