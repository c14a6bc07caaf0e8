/*
 * deny_syscall NR ERRNO PROGRAM [ARGS...]: runs PROGRAM under a seccomp filter that fails system
 * call NR with ERRNO and allows every other call, as a container runtime's default profile does
 * to io_uring_setup (EPERM). The io_uring host's tests run a child JVM under it, so the errors a
 * kernel gives where io_uring is refused (EPERM), missing (ENOSYS) or short of memory (ENOMEM)
 * come from the kernel itself, through the same syscall path the host uses.
 */
#include <errno.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: deny_syscall NR ERRNO PROGRAM [ARGS...]\n");
        return 2;
    }
    unsigned int nr = (unsigned int) strtoul(argv[1], NULL, 10);
    unsigned int err = (unsigned int) strtoul(argv[2], NULL, 10);
    struct sock_filter filter[] = {
        /* Another architecture's numbers mean other calls: allow them all. */
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH_X86_64, 1, 0),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, nr, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | (err & SECCOMP_RET_DATA)),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
    };
    struct sock_fprog program = {
        .len = (unsigned short) (sizeof(filter) / sizeof(filter[0])),
        .filter = filter,
    };
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) {
        perror("deny_syscall: prctl(PR_SET_NO_NEW_PRIVS)");
        return 3;
    }
    if (prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &program) != 0) {
        perror("deny_syscall: prctl(PR_SET_SECCOMP)");
        return 3;
    }
    execv(argv[3], argv + 3);
    perror("deny_syscall: execv");
    return 127;
}
