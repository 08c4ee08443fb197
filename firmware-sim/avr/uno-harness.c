/*
 * uno-harness: runs a compiled Arduino Uno firmware (an Intel hex, e.g. the genuine
 * StandardFirmata) on simavr's ATmega328P at 16 MHz, paced to real time, with:
 *
 * - UART0 bridged to a pseudo-terminal of our own (simavr 1.6's uart_pty stalls whenever the
 *   board has nothing to send, so the bytes go through the UART IRQs here, input paced by
 *   the UART's XON/XOFF);
 * - input pins held by the harness through the port's "external" pull setting, because
 *   simavr 1.6 re-raises the internal pull-ups on every port write and would override a pin
 *   held low by a plain IRQ;
 * - output pins reported as they change;
 * - an optional PCF8574 on the I2C bus (an LCD backpack) whose written bytes are reported.
 *
 * stdout, one line each: `pty PATH`, `pin N LEVEL` (an output pin, Arduino numbering 0-19),
 * `i2c ADDR BYTE...` (one write transaction, decimal), `unplugged`, `plugged`, `booted` (the
 * firmware's first byte on the UART since power-on: StandardFirmata's version, sent once it
 * has blinked it, about 2 s of the AVR's time after a reset).
 * stdin: `low N`, `high N`, `float N`, `unplug` (close the pty), `plug` (a new pty and a
 * power-on reset, as a USB board plugged back in), `quit`.
 * Usage: uno-harness FIRMWARE.hex [--link PATH] [--lcd I2C_ADDRESS]
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "avr_ioport.h"
#include "avr_twi.h"
#include "avr_uart.h"
#include "sim_avr.h"
#include "sim_hex.h"
#include "sim_time.h"

static avr_t *avr;
static int pty_master = -1, pty_slave = -1;
static const char *link_path;
static int uart_xoff;
static unsigned char in_buf[4096];
static size_t in_len;

/* Arduino pin -> port letter and bit: 0-7 PORTD, 8-13 PORTB0-5, 14-19 PORTC0-5. */
static char port_of(int pin) { return pin < 8 ? 'D' : pin < 14 ? 'B' : 'C'; }
static int bit_of(int pin) { return pin < 8 ? pin : pin < 14 ? pin - 8 : pin - 14; }

static uint8_t hold_mask[3], hold_value[3]; /* per port B, C, D */

/* UNO_HARNESS_TRACE=FILE: every command, UART byte, pin level and input read, with the wall
 * clock and the AVR's clock in milliseconds, to find where a lost press went. */
static FILE *trace;
static void tracef(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void tracef(const char *fmt, ...) {
	if (!trace) return;
	va_list ap;
	va_start(ap, fmt);
	struct timespec rt;
	clock_gettime(CLOCK_REALTIME, &rt);
	fprintf(trace, "%.3f %9.3f ", rt.tv_sec * 1000.0 + rt.tv_nsec / 1e6,
		avr ? avr_cycles_to_usec(avr, avr->cycle) / 1000.0 : 0.0);
	vfprintf(trace, fmt, ap);
	fputc('\n', trace);
	va_end(ap);
}
static int port_index(char p) { return p - 'B'; }

static void apply_holds(char port) {
	int i = port_index(port);
	avr_ioport_external_t ext = {.name = port, .mask = hold_mask[i], .value = hold_value[i]};
	avr_ioctl(avr, AVR_IOCTL_IOPORT_SET_EXTERNAL(port), &ext);
}

static void drive(int pin, int level) {
	char port = port_of(pin);
	int bit = bit_of(pin), i = port_index(port);
	if (level < 0) {
		hold_mask[i] &= ~(1 << bit);
		hold_value[i] &= ~(1 << bit);
	} else {
		hold_mask[i] |= 1 << bit;
		if (level) hold_value[i] |= 1 << bit;
		else hold_value[i] &= ~(1 << bit);
	}
	apply_holds(port);
	avr_ioport_state_t st;
	avr_ioctl(avr, AVR_IOCTL_IOPORT_GETSTATE(port), &st);
	/* Let go: what the pin's own pull-up gives (an input with PORT bit 1), else low. */
	int v = level >= 0 ? level : ((st.port >> bit) & 1) && !((st.ddr >> bit) & 1);
	avr_raise_irq(avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ(port), bit), v);
}

static void open_pty(void) {
	pty_master = posix_openpt(O_RDWR | O_NOCTTY);
	if (pty_master < 0 || grantpt(pty_master) || unlockpt(pty_master)) {
		perror("pty");
		exit(1);
	}
	const char *name = ptsname(pty_master);
	/* Holding the slave open keeps the master readable with nobody attached, and lets the
	 * raw mode set here stay as the host finds it. */
	pty_slave = open(name, O_RDWR | O_NOCTTY);
	struct termios t;
	tcgetattr(pty_slave, &t);
	cfmakeraw(&t);
	tcsetattr(pty_slave, TCSANOW, &t);
	fcntl(pty_master, F_SETFL, fcntl(pty_master, F_GETFL) | O_NONBLOCK);
	if (link_path) {
		char tmp[4096];
		snprintf(tmp, sizeof tmp, "%s.new", link_path);
		unlink(tmp);
		if (symlink(name, tmp) || rename(tmp, link_path)) perror("link");
	}
	printf("pty %s\n", name);
	fflush(stdout);
}

static void close_pty(void) {
	if (pty_master >= 0) close(pty_master);
	if (pty_slave >= 0) close(pty_slave);
	pty_master = pty_slave = -1;
	in_len = 0;
	if (link_path) unlink(link_path);
}

static int booted;
static void uart_out(struct avr_irq_t *irq, uint32_t value, void *param) {
	(void)irq; (void)param;
	if (!booted) booted = 1, printf("booted\n"), fflush(stdout);
	if (pty_master < 0) return; /* unplugged: the bytes go nowhere */
	unsigned char b = value;
	tracef("tx %02x", b);
	if (write(pty_master, &b, 1) < 0 && errno != EAGAIN) perror("pty write");
}
static void uart_xon(struct avr_irq_t *irq, uint32_t value, void *param) {
	(void)irq; (void)value; (void)param;
	uart_xoff = 0;
}
static void uart_xoff_cb(struct avr_irq_t *irq, uint32_t value, void *param) {
	(void)irq; (void)param;
	uart_xoff = value != 0;
}

/* A PCF8574 (write only: an LCD backpack) at one 7-bit address. */
static int lcd_addr = -1, lcd_selected;
static avr_irq_t *twi_irq;
static char i2c_line[8192];
static size_t i2c_len;

static void twi_hook(struct avr_irq_t *irq, uint32_t value, void *param) {
	(void)irq; (void)param;
	avr_twi_msg_irq_t v;
	v.u.v = value;
	if (v.u.twi.msg & TWI_COND_STOP) {
		if (lcd_selected && i2c_len) printf("i2c %d%s\n", lcd_addr, i2c_line), fflush(stdout);
		lcd_selected = 0;
		i2c_len = 0;
	}
	if (v.u.twi.msg & TWI_COND_START) {
		if (lcd_selected && i2c_len) printf("i2c %d%s\n", lcd_addr, i2c_line), fflush(stdout);
		i2c_len = 0;
		lcd_selected = (v.u.twi.addr >> 1) == lcd_addr;
		if (lcd_selected)
			avr_raise_irq(twi_irq + TWI_IRQ_INPUT, avr_twi_irq_msg(TWI_COND_ACK, v.u.twi.addr, 1));
	}
	if (lcd_selected && (v.u.twi.msg & TWI_COND_WRITE)) {
		avr_raise_irq(twi_irq + TWI_IRQ_INPUT, avr_twi_irq_msg(TWI_COND_ACK, v.u.twi.addr, 1));
		if (i2c_len < sizeof i2c_line - 8)
			i2c_len += snprintf(i2c_line + i2c_len, sizeof i2c_line - i2c_len, " %d", v.u.twi.data);
	}
	if (lcd_selected && (v.u.twi.msg & TWI_COND_READ))
		avr_raise_irq(twi_irq + TWI_IRQ_INPUT, avr_twi_irq_msg(TWI_COND_READ, v.u.twi.addr, 0xff));
}

static int out_level[20]; /* -1: not an output */
static void report_outputs(void) {
	for (int pin = 0; pin < 20; pin++) {
		avr_ioport_state_t st;
		char port = port_of(pin);
		int bit = bit_of(pin);
		avr_ioctl(avr, AVR_IOCTL_IOPORT_GETSTATE(port), &st);
		int level = (st.ddr >> bit) & 1 ? (st.port >> bit) & 1 : -1;
		if (level != out_level[pin]) {
			out_level[pin] = level;
			if (level >= 0) printf("pin %d %d\n", pin, level);
			tracef("out %d %d", pin, level);
		}
	}
	static int in_level[20];
	for (int pin = 0; pin < 20 && trace; pin++) {
		avr_ioport_state_t st;
		avr_ioctl(avr, AVR_IOCTL_IOPORT_GETSTATE(port_of(pin)), &st);
		int bit = bit_of(pin);
		/* An input's level as the firmware reads it, and whether its pull-up is on. */
		int level = (st.ddr >> bit) & 1 ? -1 : ((st.pin >> bit) & 1) | (((st.port >> bit) & 1) << 1);
		if (level != in_level[pin]) in_level[pin] = level, tracef("in %d pin=%d pullup=%d", pin, level & 1, level >> 1 & 1);
	}
	fflush(stdout);
}

static void power_on(void) {
	avr_reset(avr);
	booted = 0;
	for (char p = 'B'; p <= 'D'; p++) apply_holds(p);
	for (int pin = 0; pin < 20; pin++) {
		int i = port_index(port_of(pin));
		if (hold_mask[i] & (1 << bit_of(pin))) drive(pin, (hold_value[i] >> bit_of(pin)) & 1);
	}
}

static int command(char *line) {
	char verb[16];
	int pin = -1;
	if (sscanf(line, "%15s %d", verb, &pin) < 1) return 1;
	tracef("cmd %s", line);
	int ok_pin = pin >= 0 && pin < 20;
	if (!strcmp(verb, "low") && ok_pin) drive(pin, 0);
	else if (!strcmp(verb, "high") && ok_pin) drive(pin, 1);
	else if (!strcmp(verb, "float") && ok_pin) drive(pin, -1);
	else if (!strcmp(verb, "unplug")) close_pty(), printf("unplugged\n");
	else if (!strcmp(verb, "plug")) {
		if (pty_master < 0) open_pty(), power_on();
		printf("plugged\n");
	} else if (!strcmp(verb, "quit")) return 0;
	else printf("error: low|high|float PIN (0-19), unplug, plug, quit\n");
	fflush(stdout);
	return 1;
}

static uint64_t now_us(void) {
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000u + ts.tv_nsec / 1000;
}

int main(int argc, char **argv) {
	const char *hex = NULL;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--link") && i + 1 < argc) link_path = argv[++i];
		else if (!strcmp(argv[i], "--lcd") && i + 1 < argc) lcd_addr = (int)strtol(argv[++i], NULL, 0);
		else hex = argv[i];
	}
	if (!hex) {
		fprintf(stderr, "usage: uno-harness FIRMWARE.hex [--link PATH] [--lcd ADDRESS]\n");
		return 2;
	}
	signal(SIGPIPE, SIG_IGN);
	if (getenv("UNO_HARNESS_TRACE")) {
		trace = fopen(getenv("UNO_HARNESS_TRACE"), "a");
		if (trace) setvbuf(trace, NULL, _IOLBF, 0);
	}
	ihex_chunk_p chunks = NULL;
	int n = read_ihex_chunks(hex, &chunks);
	if (n <= 0) {
		fprintf(stderr, "cannot read %s\n", hex);
		return 1;
	}
	avr = avr_make_mcu_by_name("atmega328p");
	avr_init(avr);
	avr->frequency = 16000000;
	avr->log = LOG_NONE;
	for (int i = 0; i < n; i++) memcpy(avr->flash + chunks[i].baseaddr, chunks[i].data, chunks[i].size);
	avr->pc = 0;
	avr->codeend = avr->flashend;

	/* The UART: no console echo, no sleeping in status polls. */
	uint32_t flags = 0;
	avr_ioctl(avr, AVR_IOCTL_UART_SET_FLAGS('0'), &flags);
	avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUTPUT), uart_out, NULL);
	avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUT_XON), uart_xon, NULL);
	avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUT_XOFF), uart_xoff_cb, NULL);
	if (lcd_addr >= 0) {
		static const char *names[2] = {"8>pcf8574.out", "32<pcf8574.in"};
		twi_irq = avr_alloc_irq(&avr->irq_pool, 0, 2, names);
		avr_irq_register_notify(twi_irq + TWI_IRQ_OUTPUT, twi_hook, NULL);
		avr_connect_irq(twi_irq + TWI_IRQ_INPUT, avr_io_getirq(avr, AVR_IOCTL_TWI_GETIRQ(0), TWI_IRQ_INPUT));
		avr_connect_irq(avr_io_getirq(avr, AVR_IOCTL_TWI_GETIRQ(0), TWI_IRQ_OUTPUT), twi_irq + TWI_IRQ_OUTPUT);
	}
	for (int pin = 0; pin < 20; pin++) out_level[pin] = -1;
	open_pty();

	char line[256];
	size_t line_len = 0;
	uint64_t start = now_us(), start_cycle = avr->cycle, next_command = 0;
	for (;;) {
		for (int i = 0; i < 4000; i++) {
			int state = avr_run(avr);
			if (state == cpu_Done || state == cpu_Crashed) {
				fprintf(stderr, "the AVR stopped (state %d)\n", state);
				return 1;
			}
		}
		while (in_len && !uart_xoff) {
			tracef("rx %02x", in_buf[0]);
			avr_raise_irq(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_INPUT), in_buf[0]);
			memmove(in_buf, in_buf + 1, --in_len);
		}
		report_outputs();
		/* One command per 5 ms of the AVR's time: when this process was starved of CPU, a
		 * press and its release may arrive together, and the firmware must see both. */
		char *nl;
		if (avr->cycle >= next_command && (nl = memchr(line, '\n', line_len))) {
			*nl = 0;
			if (!command(line)) goto done;
			line_len -= nl + 1 - line;
			memmove(line, nl + 1, line_len);
			next_command = avr->cycle + avr_usec_to_cycles(avr, 5000);
		}
		/* Real time: sleep (in poll) while the AVR is ahead of the wall clock; if the machine
		 * is too slow to keep up, forget the debt beyond 50 ms rather than race to catch up. */
		uint64_t sim_us = avr_cycles_to_usec(avr, avr->cycle - start_cycle), wall = now_us() - start;
		if (wall > sim_us + 50000) tracef("behind %.1f ms", (wall - sim_us) / 1000.0);
		if (wall > sim_us + 50000) start += wall - sim_us - 50000, wall = sim_us + 50000;
		int64_t ahead = (int64_t)sim_us - (int64_t)wall;
		struct timespec wait = {0, ahead > 0 ? ahead * 1000 : 0};
		struct pollfd fds[2] = {{.fd = 0, .events = POLLIN}, {.fd = pty_master, .events = POLLIN}};
		if (memchr(line, '\n', line_len)) wait.tv_nsec = 0; /* a command waits: no sleeping */
		int nfds = pty_master >= 0 && in_len < sizeof in_buf ? 2 : 1;
		if (ppoll(fds, nfds, &wait, NULL) <= 0) continue;
		if (line_len < sizeof line - 1 && (fds[0].revents & (POLLIN | POLLHUP))) {
			ssize_t r = read(0, line + line_len, sizeof line - 1 - line_len);
			if (r <= 0) break; /* stdin closed: the parent is gone */
			line_len += r;
			if (line_len == sizeof line - 1 && !memchr(line, '\n', line_len)) line_len = 0;
		}
		if (nfds == 2 && (fds[1].revents & POLLIN)) {
			ssize_t r = read(pty_master, in_buf + in_len, sizeof in_buf - in_len);
			if (r > 0) in_len += r;
		}
	}
done:
	close_pty();
	return 0;
}
