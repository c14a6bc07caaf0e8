/*
 * objc_msgSend for the fake runtime, x86-64 System V, in the shape of the open-source
 * Objective-C runtimes' own: it keeps every argument register (and %al, the count of vector
 * registers a variadic caller sets), asks fake_objc_lookup for the method of (self, _cmd), puts
 * everything back and jumps to the method, so the method receives the caller's arguments, on the
 * stack too (an MTLSize by value, being larger than 16 bytes, travels there), exactly as the
 * caller's prototype placed them. A message to nil returns 0 in every return register, as
 * Apple's does.
 */
    .text
    .globl objc_msgSend
    .type objc_msgSend, @function
objc_msgSend:
    .cfi_startproc
    testq %rdi, %rdi
    jz .Lnil
    /* Entry: %rsp is 8 mod 16. Seven pushes make it 0 mod 16, as the call below needs. */
    pushq %rax
    .cfi_adjust_cfa_offset 8
    pushq %rdi
    .cfi_adjust_cfa_offset 8
    pushq %rsi
    .cfi_adjust_cfa_offset 8
    pushq %rdx
    .cfi_adjust_cfa_offset 8
    pushq %rcx
    .cfi_adjust_cfa_offset 8
    pushq %r8
    .cfi_adjust_cfa_offset 8
    pushq %r9
    .cfi_adjust_cfa_offset 8
    subq $128, %rsp
    .cfi_adjust_cfa_offset 128
    movdqu %xmm0, 0(%rsp)
    movdqu %xmm1, 16(%rsp)
    movdqu %xmm2, 32(%rsp)
    movdqu %xmm3, 48(%rsp)
    movdqu %xmm4, 64(%rsp)
    movdqu %xmm5, 80(%rsp)
    movdqu %xmm6, 96(%rsp)
    movdqu %xmm7, 112(%rsp)
    call fake_objc_lookup@PLT
    movq %rax, %r11
    movdqu 0(%rsp), %xmm0
    movdqu 16(%rsp), %xmm1
    movdqu 32(%rsp), %xmm2
    movdqu 48(%rsp), %xmm3
    movdqu 64(%rsp), %xmm4
    movdqu 80(%rsp), %xmm5
    movdqu 96(%rsp), %xmm6
    movdqu 112(%rsp), %xmm7
    addq $128, %rsp
    .cfi_adjust_cfa_offset -128
    popq %r9
    .cfi_adjust_cfa_offset -8
    popq %r8
    .cfi_adjust_cfa_offset -8
    popq %rcx
    .cfi_adjust_cfa_offset -8
    popq %rdx
    .cfi_adjust_cfa_offset -8
    popq %rsi
    .cfi_adjust_cfa_offset -8
    popq %rdi
    .cfi_adjust_cfa_offset -8
    popq %rax
    .cfi_adjust_cfa_offset -8
    jmp *%r11
.Lnil:
    xorl %eax, %eax
    xorl %edx, %edx
    pxor %xmm0, %xmm0
    pxor %xmm1, %xmm1
    ret
    .cfi_endproc
    .size objc_msgSend, .-objc_msgSend

    .section .note.GNU-stack,"",@progbits
