/* Slow storage for the bench: LD_PRELOAD'ed into one server, it makes every fsync and
 * fdatasync take SLOW_FSYNC_MS milliseconds longer (as a microSD card's flush may), then
 * does the real call, found with dlsym(RTLD_NEXT). SQLite on Linux syncs with fdatasync
 * (unix_sync in os_unix.c, unless built with HAVE_FULLFSYNC), so both are hooked.
 *
 * Built by bench/slow.py:  gcc -O2 -shared -fPIC -o bench/out/slow_fsync.so bench/slow_fsync.c -ldl
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdlib.h>
#include <time.h>

static long delay_ns(void) {
    static long ns = -1;
    if (ns < 0) {
        const char *ms = getenv("SLOW_FSYNC_MS");
        ns = ms ? (long)(atof(ms) * 1e6) : 0;
    }
    return ns;
}

static void wait_delay(void) {
    struct timespec left = {delay_ns() / 1000000000L, delay_ns() % 1000000000L};
    int saved = errno;
    while (nanosleep(&left, &left) != 0 && errno == EINTR) {
    }
    errno = saved;
}

int fsync(int fd) {
    static int (*real)(int) = 0;
    if (!real) real = (int (*)(int))dlsym(RTLD_NEXT, "fsync");
    wait_delay();
    return real(fd);
}

int fdatasync(int fd) {
    static int (*real)(int) = 0;
    if (!real) real = (int (*)(int))dlsym(RTLD_NEXT, "fdatasync");
    wait_delay();
    return real(fd);
}
